import { useEffect, useSyncExternalStore } from 'react';
import { formatWon } from '../../lib/format';
import { payChoice } from './payChoiceStore';
import {
  INSTALLMENT_MIN_AMOUNT,
  INSTALLMENT_MONTHS,
  PAY_METHOD_LABELS,
  installmentLabel,
  installmentsAllowed,
  settledChoice,
} from './provider/payMethods';
import { offeredPayMethods } from './provider/provider';

/**
 * 결제수단: card and the configured easy pays as one radio group, and for card payments of 50,000원 or more the
 * installment month. The pay step reads the choice (payChoiceStore); the provider's window shows what it received.
 */
export function PayMethodField({ amount: known, disabled }: { amount: number | undefined; disabled: boolean }) {
  const offered = offeredPayMethods();
  // Before the order's amount is known (the field shown disabled) it keeps the installment row's place.
  const amount = known ?? INSTALLMENT_MIN_AMOUNT;
  const chosen = settledChoice(useSyncExternalStore(payChoice.subscribe, payChoice.get, payChoice.get), amount, offered);
  useEffect(() => payChoice.reset, []); // the next payment page starts from card, 일시불
  const canSplit = installmentsAllowed(chosen.method, amount);
  return (
    <section className="checkout__block">
      <fieldset className="pay-methods" disabled={disabled}>
        <legend className="checkout__title">결제수단</legend>
        <div className="pay-methods__options">
          {offered.map((method) => (
            <label key={method} className={`pay-method pay-method--${method}`}>
              <input
                type="radio"
                name="pay-method"
                value={method}
                checked={chosen.method === method}
                onChange={() => payChoice.set({ ...chosen, method })}
              />
              <span>{PAY_METHOD_LABELS[method]}</span>
            </label>
          ))}
        </div>
        {chosen.method === 'card' &&
          (canSplit ? (
            <div className="pay-installment">
              <label htmlFor="pay-installment">할부</label>
              <select
                id="pay-installment"
                value={chosen.installmentMonth}
                onChange={(e) => payChoice.set({ ...chosen, installmentMonth: Number(e.target.value) })}
              >
                {INSTALLMENT_MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {installmentLabel(m)}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="muted pay-methods__note">
              {formatWon(INSTALLMENT_MIN_AMOUNT)} 이상 카드 결제 시 할부를 선택할 수 있습니다.
            </p>
          ))}
      </fieldset>
    </section>
  );
}
