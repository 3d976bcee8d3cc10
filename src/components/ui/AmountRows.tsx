import { formatWon } from '../../lib/format';

/** One line of a money summary. */
export interface AmountRow {
  label: string;
  won: number;
  /** Taken off the order: shown as -N원, and as 0원 when nothing was taken off. */
  deduct?: boolean;
  /** Shown after the label (the coupon number). */
  note?: React.ReactNode;
}

interface AmountRowsProps extends Omit<React.ComponentPropsWithoutRef<'dl'>, 'children'> {
  rows: readonly AmountRow[];
  /** 최종 결제금액, the last line. */
  total: number;
  /** The screen's class for the total line (it sets it apart). */
  totalClassName: string;
  /** data-testid of the total's amount. */
  totalTestId?: string;
}

/** A money summary as a `dl`: one line per amount, then 최종 결제금액 (checkout, receipt, order detail). */
export function AmountRows({ rows, total, totalClassName, totalTestId, ...dl }: AmountRowsProps) {
  return (
    <dl {...dl}>
      {rows.map(({ label, won, deduct, note }) => (
        <div key={label}>
          <dt>
            {label}
            {note}
          </dt>
          <dd>{deduct ? minus(won) : formatWon(won)}</dd>
        </div>
      ))}
      <div className={totalClassName}>
        <dt>최종 결제금액</dt>
        <dd data-testid={totalTestId}>{formatWon(total)}</dd>
      </div>
    </dl>
  );
}

const minus = (won: number) => (won > 0 ? `-${formatWon(won)}` : formatWon(0));
