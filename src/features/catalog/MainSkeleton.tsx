/** Pending /main: the hero box at its final ratio, so nothing shifts when the banner arrives. */
export function MainSkeleton() {
  return (
    <div
      className="skeleton"
      style={{ aspectRatio: '3 / 1', maxWidth: 1440, margin: '0 auto', borderRadius: 0 }}
      aria-busy="true"
    />
  );
}
