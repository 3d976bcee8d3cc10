/** A labelled progress bar: the percent is read out and shown as text, not only as a colour. */
export function ProgressBar({ percent, label = '진도율' }: { percent: number; label?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="progress">
      <div className="progress__label">
        <span>{label}</span>
        <strong data-testid="progress-percent">{value}%</strong>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span className="progress__fill" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
