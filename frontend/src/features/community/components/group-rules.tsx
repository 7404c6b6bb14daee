/** A group's rules folded under "Group rules" (open as given), or nothing when it has none. */
export function GroupRules({ rules, open }: { rules: readonly string[]; open?: boolean }) {
  if (rules.length === 0) return null;
  return (
    <details className="group-card__rules" open={open}>
      <summary>Group rules</summary>
      <ul>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </details>
  );
}
