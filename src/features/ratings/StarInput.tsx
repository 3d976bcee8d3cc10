const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * 1–5 stars as a native radio group: arrow keys move and choose, Tab leaves the group, and a screen
 * reader reads "별점 4점". The stars up to the chosen one are filled.
 */
export function StarInput({ value, onChange }: { value: number; onChange: (score: number) => void }) {
  return (
    <fieldset className="star-input">
      <legend>별점</legend>
      <div className="star-input__stars">
        {SCORES.map((score) => (
          <label key={score} className={score <= value ? 'on' : undefined}>
            <input
              type="radio"
              name="ratescore"
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              aria-label={`별점 ${score}점`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="star-input__score" aria-hidden="true">
          {value ? `${value}점` : '선택해주세요'}
        </span>
      </div>
    </fieldset>
  );
}
