import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderKeys, refundAdminOrder, type AdminOrder, type AdminRefundInput } from '../../../api/queries/admin-orders';
import { formatWon } from '../../../lib/formatPrice';
import { confirmDark } from '../../../lib/popup';
import { FieldError, ReasonField, FormOutcome } from '../shell/AdminParts';
import { useFormDraft } from '../shell/useFormDraft';
import { checkRefund, type RefundFormValues } from './refundFields';

/**
 * 환불하기: an amount up to what can still be cancelled (전액 fills it) and a reason, confirmed before it is sent. The
 * figure shown goes with it, so a doubled press or a refund made meanwhile is refused by the server, not paid twice.
 */
export function RefundForm({ order }: { order: AdminOrder }) {
  const { values, setValues, setBaseline, errors, setErrors, guard } = useFormDraft<RefundFormValues>({ amount: '', reason: '' });
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: (input: AdminRefundInput) => refundAdminOrder(order.paymentid, input),
    onSuccess: (r) => {
      const cleared = { amount: '', reason: '' };
      setBaseline(cleared);
      setValues(cleared);
      guard.release();
      setDone(`${formatWon(r.amount)} 환불이 완료되었습니다. 회원의 결제내역에 ${r.status === 'refunded' ? '환불완료' : '부분환불'}로 보입니다.`);
    },
    onError: (e) => setServerError(e.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
  const set = (key: keyof RefundFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setServerError(undefined);
    setDone(undefined);
  };
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = checkRefund(values, order.cancellable);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      form.querySelector<HTMLElement>(`#refund-${checked.errors.amount ? 'amount' : 'reason'}`)?.focus();
      return;
    }
    const whole = checked.input.amount === order.cancellable;
    const question = `${formatWon(checked.input.amount)}을 ${whole ? '전액' : '부분'} 환불할까요? ${
      whole ? '주문의 강의가 종료되고 쿠폰과 사용 포인트가 돌아갑니다.' : '회원은 강의를 계속 수강합니다.'
    } 결제사 취소는 되돌릴 수 없습니다.`;
    if (await confirmDark(question)) refund.mutate(checked.input);
  };
  const described = (key: keyof RefundFormValues, hint?: string) => ({
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `refund-${key}-error` : hint,
  });
  return (
    <form className="admin-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="refund-title" data-testid="admin-refund-form">
      <h2 id="refund-title" className="admin-card__title">
        환불하기
      </h2>
      <RuleQuote order={order} />
      <div className="admin-form__grid">
        <div className="admin-field">
          <label htmlFor="refund-amount">환불 금액 (원)</label>
          <div className="admin-refund-amount">
            <input
              id="refund-amount"
              inputMode="numeric"
              value={values.amount}
              autoComplete="off"
              placeholder={`최대 ${order.cancellable.toLocaleString('ko-KR')}`}
              onChange={(e) => set('amount', e.currentTarget.value)}
              {...described('amount', 'refund-amount-hint')}
            />
            <button type="button" className="btn btn--sm" onClick={() => set('amount', String(order.cancellable))}>
              전액
            </button>
            {order.rulequote.refundable && order.rulequote.amount > 0 && order.rulequote.amount <= order.cancellable && (
              <button type="button" className="btn btn--sm" onClick={() => set('amount', String(order.rulequote.amount))}>
                규정 금액
              </button>
            )}
          </div>
          <span className="admin-field__hint" id="refund-amount-hint">
            환불 가능 {formatWon(order.cancellable)}. 전액이면 주문 전체가 환불되어 강의가 종료됩니다.
          </span>
          <FieldError id="refund-amount" message={errors.amount} />
        </div>
        <ReasonField
          id="refund-reason"
          value={values.reason}
          error={errors.reason}
          onChange={(v) => set('reason', v)}
          maxLength={200}
          placeholder="예: 강의 영상 오류 보상"
        />
      </div>
      <p className="admin-muted">사용한 포인트와 적립 포인트는 환불 비율만큼 정리되고, 쿠폰은 주문 전체가 환불될 때 돌려드립니다.</p>
      <div className="admin-form__actions">
        <FormOutcome error={serverError} done={done} />
        <button type="submit" className="btn btn--primary btn--sm" disabled={refund.isPending}>
          {refund.isPending ? '환불하는 중…' : '환불하기'}
        </button>
      </div>
    </form>
  );
}

/**
 * What the member's own refund rule gives now, in the words the member reads (issue 42: one rule for both counters),
 * so the operator refunds by it unless they decide otherwise, and sees what counted as use.
 */
function RuleQuote({ order }: { order: AdminOrder }) {
  const q = order.rulequote;
  return (
    <div className="admin-rule-quote" data-testid="admin-rule-quote">
      <strong>환불 규정에 따른 금액: {q.refundable ? formatWon(q.amount) : '환불 대상 아님'}</strong>
      <ul>
        {q.reasons.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
