/** A light, dependency-free placeholder shown while a screen's code or data loads. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-busy="true" aria-label="Loading">
      <div className="page-skeleton__line page-skeleton__line--title" />
      <div className="page-skeleton__line" />
      <div className="page-skeleton__block" />
      <div className="page-skeleton__block" />
    </div>
  );
}
