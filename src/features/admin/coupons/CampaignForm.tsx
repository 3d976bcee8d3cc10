import { useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminCouponKeys,
  createAdminCouponCampaign,
  type AdminCouponCampaignDraft,
} from '../../../api/queries/admin-coupons';
import { confirmDark } from '../../../lib/popup';
import { FieldError, FormOutcome } from '../shell/AdminParts';
import { useFormDraft } from '../shell/useFormDraft';
import { checkCampaign, type CampaignFormValues } from './couponFields';
import { discountText, scopeText } from './couponText';
import { kstDay } from '../shell/kst';

const emptyForm = (): CampaignFormValues => {
  const today = kstDay();
  return {
    name: '',
    discounttype: 'fixed',
    discountvalue: '',
    maxdiscount: '',
    minprice: '0',
    validfrom: today,
    validuntil: `${today.slice(0, 4)}-12-31`,
    scope: 'all',
    contentsids: '',
    categoryids: '',
    kind: 'members',
    count: '',
  };
};
const ORDER: (keyof CampaignFormValues)[] = ['name', 'discountvalue', 'maxdiscount', 'minprice', 'validfrom', 'validuntil', 'contentsids', 'categoryids', 'count'];

/** 새 캠페인: the terms, set once, and how it reaches members. */
export function CampaignForm({ onCreated }: { onCreated: (campaignid: number) => void }) {
  const { values, setValues, setBaseline, errors, setErrors } = useFormDraft<CampaignFormValues>(emptyForm);
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  // One key per campaign as filled in: a doubled press or a retry after a lost answer creates it once.
  const key = useRef<{ of: string; key: string } | null>(null);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: AdminCouponCampaignDraft; idempotencyKey: string }) =>
      createAdminCouponCampaign(input, idempotencyKey),
    onSuccess: (made) => {
      key.current = null;
      const fresh = emptyForm();
      setValues(fresh);
      setBaseline(fresh);
      setDone(
        made.kind === 'codes'
          ? `'${made.name}' 캠페인과 쿠폰 코드 ${made.issued.toLocaleString('ko-KR')}개를 만들었습니다. 아래 목록에서 CSV로 내려받으세요.`
          : `'${made.name}' 캠페인을 만들었습니다. 아래 목록에서 회원에게 발급하세요.`,
      );
      onCreated(made.campaignid);
    },
    onError: (e) => setServerError(e.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCouponKeys.all }),
  });
  const set = <K extends keyof CampaignFormValues>(name: K, value: CampaignFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerError(undefined);
    setDone(undefined);
  };
  const text = (name: keyof CampaignFormValues, label: string, props: { hint?: string; placeholder?: string; inputMode?: 'numeric'; type?: string; wide?: boolean } = {}) => (
    <div className={`admin-field${props.wide ? ' admin-field--wide' : ''}`}>
      <label htmlFor={`coupon-${name}`}>{label}</label>
      <input
        id={`coupon-${name}`}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        value={values[name]}
        autoComplete="off"
        placeholder={props.placeholder}
        onChange={(e) => set(name, e.currentTarget.value)}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `coupon-${name}-error` : props.hint ? `coupon-${name}-hint` : undefined}
      />
      {props.hint && (
        <span className="admin-field__hint" id={`coupon-${name}-hint`}>
          {props.hint}
        </span>
      )}
      <FieldError id={`coupon-${name}`} message={errors[name]} />
    </div>
  );
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = checkCampaign(values);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = ORDER.find((k) => checked.errors[k]);
      form.querySelector<HTMLElement>(`#coupon-${first}`)?.focus();
      return;
    }
    const { input } = checked;
    const how = input.kind === 'codes' ? `코드 ${input.count!.toLocaleString('ko-KR')}개를 만듭니다` : '회원 지갑에 발급할 캠페인을 만듭니다';
    const question = `'${input.name}' ${discountText(input)}, ${scopeText(input)}, ${input.validfrom} ~ ${input.validuntil}. ${how}. 만든 뒤에는 조건을 바꿀 수 없습니다.`;
    if (!(await confirmDark(question))) return;
    const of = JSON.stringify(input);
    const current = key.current?.of === of ? key.current : { of, key: crypto.randomUUID() };
    key.current = current;
    create.mutate({ input, idempotencyKey: current.key });
  };
  const percent = values.discounttype === 'percent';

  return (
    <form className="admin-card admin-coupon-form" onSubmit={(e) => void submit(e)} noValidate aria-label="새 쿠폰 캠페인">
      <h2 className="admin-coupon-title">새 캠페인</h2>
      <div className="admin-form__grid">
        {text('name', '쿠폰 이름', { placeholder: '예: 가을 특별 할인', hint: '회원의 내 쿠폰과 결제 화면에 보입니다.', wide: true })}
        <Choice
          legend="할인 방식"
          name="coupon-discounttype"
          value={values.discounttype}
          options={[
            ['fixed', '정액 (원)'],
            ['percent', '정률 (%)'],
          ]}
          onChange={(v) => set('discounttype', v)}
        />
        {text('discountvalue', percent ? '할인율 (%)' : '할인 금액 (원)', { inputMode: 'numeric', placeholder: percent ? '예: 10' : '예: 3000' })}
        {percent && text('maxdiscount', '최대 할인 금액 (원)', { inputMode: 'numeric', placeholder: '예: 20000', hint: '정률 할인은 이 금액을 넘지 않습니다.' })}
        {text('minprice', '최소 주문금액 (원)', { inputMode: 'numeric', hint: '주문 금액(판매가 합계)이 이 금액 이상일 때만 쓸 수 있습니다.' })}
        {text('validfrom', '사용 시작일', { type: 'date', hint: '한국 시간 0시부터' })}
        {text('validuntil', '사용 종료일', { type: 'date', hint: '한국 시간 23시 59분까지' })}
        <Choice
          legend="적용 대상"
          name="coupon-scope"
          value={values.scope}
          options={[
            ['all', '모든 강의'],
            ['some', '특정 강의·카테고리'],
          ]}
          onChange={(v) => set('scope', v)}
        />
        {values.scope === 'some' && (
          <>
            {text('contentsids', '강의 번호', { placeholder: '예: 101, 102', hint: '주문에 이 강의가 하나라도 있어야 쓸 수 있습니다.' })}
            {text('categoryids', '카테고리 번호', { placeholder: '예: 3', hint: '하위 카테고리의 강의도 포함합니다.' })}
          </>
        )}
        <Choice
          legend="발급 방식"
          name="coupon-kind"
          value={values.kind}
          options={[
            ['members', '회원 지갑에 발급'],
            ['codes', '쿠폰 코드 만들기'],
          ]}
          onChange={(v) => set('kind', v)}
        />
        {values.kind === 'codes' &&
          text('count', '만들 코드 수', { inputMode: 'numeric', placeholder: '예: 500', hint: '한 번에 10,000개까지. 코드는 한 번씩만 쓸 수 있습니다.' })}
      </div>
      <div className="admin-form__actions">
        <FormOutcome error={serverError} done={done} />
        <button type="submit" className="btn btn--primary btn--sm" disabled={create.isPending}>
          {create.isPending ? '만드는 중…' : '캠페인 만들기'}
        </button>
      </div>
    </form>
  );
}

function Choice<V extends string>(props: {
  legend: ReactNode;
  name: string;
  value: V;
  options: [V, string][];
  onChange: (v: V) => void;
}) {
  return (
    <fieldset className="admin-field admin-coupon-choice">
      <legend>{props.legend}</legend>
      {props.options.map(([v, label]) => (
        <label key={v}>
          <input type="radio" name={props.name} checked={props.value === v} onChange={() => props.onChange(v)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
