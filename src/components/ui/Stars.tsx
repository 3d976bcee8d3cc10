interface StarsProps {
  score: number;
  label?: string;
}

/** Five stars filled to the score (0..5), with the score for screen readers. */
export function Stars({ score, label }: StarsProps) {
  const width = `${Math.max(0, Math.min(5, score)) * 20}%`;
  return (
    <span className="stars" role="img" aria-label={label ?? `별점 ${score.toFixed(1)}점`}>
      <span className="stars__base" aria-hidden="true">★★★★★</span>
      <span className="stars__fill" style={{ width }} aria-hidden="true">★★★★★</span>
    </span>
  );
}
