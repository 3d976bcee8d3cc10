import { useEffect, useRef, useSyncExternalStore } from 'react';
import { formatWon } from '../../lib/format';
import { cardWindow } from './cardWindowStore';
import { PAY_METHOD_LABELS, installmentLabel } from './provider/payMethods';

/**
 * The reference backend's test payment window (embedded default only), for card and the easy pays alike. It is labelled as a test so nobody
 * mistakes it for a real card form: no card number is asked, the member picks the provider's answer.
 */
export function LocalCardWindow() {
  const question = useSyncExternalStore(cardWindow.subscribe, cardWindow.get, cardWindow.get);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (question && !d.open) d.showModal();
    if (!question && d.open) d.close();
  }, [question]);
  return (
    <dialog
      ref={dialog}
      className="card-window"
      aria-labelledby="card-window-title"
      onKeyDown={keepTabInside}
      onCancel={(e) => {
        e.preventDefault(); // Esc is the member's cancel, answered like the 취소 button
        question?.answer('cancel');
      }}
    >
      {question && (
        <div className="card-window__body">
          <p className="card-window__badge">테스트 결제창 · 실제 카드 결제가 아닙니다</p>
          <h2 id="card-window-title" className="card-window__title">
            {question.method === 'card' ? '카드 결제' : `${PAY_METHOD_LABELS[question.method]} 결제`}
          </h2>
          <dl className="card-window__facts">
            <div>
              <dt>주문</dt>
              <dd>{question.orderName}</dd>
            </div>
            <div>
              <dt>결제 금액</dt>
              <dd className="card-window__amount">{formatWon(question.amount)}</dd>
            </div>
            <div>
              <dt>결제수단</dt>
              <dd>{PAY_METHOD_LABELS[question.method]}</dd>
            </div>
            {question.method === 'card' && (
              <div>
                <dt>할부</dt>
                <dd>{installmentLabel(question.installmentMonth)}</dd>
              </div>
            )}
            <div>
              <dt>거래 번호</dt>
              <dd>{question.pgtid}</dd>
            </div>
          </dl>
          <p className="card-window__hint">로컬 결제 모듈의 응답을 선택하세요.</p>
          <div className="card-window__actions">
            <button type="button" className="btn" onClick={() => question.answer('cancel')}>
              취소
            </button>
            <button type="button" className="btn btn--dark" onClick={() => question.answer('decline')}>
              거절
            </button>
            <button type="button" className="btn btn--primary" onClick={() => question.answer('approve')}>
              승인
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * A modal <dialog> makes the page behind it inert, but Tab past its last button leaves the document (to the
 * browser's own controls) instead of wrapping: wrap it, so keyboard focus stays in the window until it closes.
 */
function keepTabInside(e: React.KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])')];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) return;
  const edge = e.shiftKey ? first : last;
  if (document.activeElement === edge || !e.currentTarget.contains(document.activeElement)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}
