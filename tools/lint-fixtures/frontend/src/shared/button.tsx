export function Button() {
  return <button type="button">ok</button>;
}
