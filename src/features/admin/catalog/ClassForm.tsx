import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminCategoriesQuery, createAdminClass, updateAdminClass, type AdminClass } from '../../../api/queries/admin-catalog';
import { FieldError } from '../shell/AdminParts';
import { HtmlField } from '../shell/HtmlField';
import { useFormDraft } from '../shell/useFormDraft';
import { categoryOptions } from './categoryTree';
import { CLASS_FIELD_ORDER, checkClassForm, classFormOf, EMPTY_CLASS_FORM, type ClassField, type ClassFormValues } from './classFields';
import { useStoreClass } from './useClassWrites';

export const CLASS_SAVED_MESSAGE = '저장했습니다.';

/**
 * The class's fields: checked here in Korean beside each field, then by the server (its message shows above the
 * buttons). Leaving with unsaved changes asks first.
 */
export function ClassForm({
  saved,
  teacherLocked,
  onCreated,
}: {
  /** The class as stored; none for a new class. */
  saved?: AdminClass;
  /** An instructor cannot change a class's teacher. */
  teacherLocked: boolean;
  onCreated?: (c: AdminClass) => void;
}) {
  const { values, setValues, setBaseline, errors, setErrors, dirty, guard } = useFormDraft<ClassFormValues>(() =>
    saved ? classFormOf(saved) : EMPTY_CLASS_FORM,
  );
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const categories = useQuery(adminCategoriesQuery());
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const storeClass = useStoreClass();

  const save = useMutation({
    mutationFn: (input: Parameters<typeof createAdminClass>[0]) => (saved ? updateAdminClass(saved.contentsid, input) : createAdminClass(input)),
    onSuccess: (c) => {
      storeClass(c);
      const now = classFormOf(c);
      setBaseline(now);
      setValues(now);
      setStatus({ ok: true, text: CLASS_SAVED_MESSAGE });
      if (!saved) {
        guard.release();
        onCreated?.(c);
      }
    },
    onError: (e) => setStatus({ ok: false, text: e.message }),
  });

  const field = (name: ClassField) => ({
    id: `class-${name}`,
    name,
    value: values[name],
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `class-${name}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setStatus(null);
    },
  });

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = checkClassForm(values);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = CLASS_FIELD_ORDER.find((f) => checked.errors[f]);
      form.querySelector<HTMLElement>(`#class-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(checked.input);
  };

  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-label="클래스 정보">
      <h2 className="admin-card__title">클래스 정보</h2>
      <div className="admin-form__grid">
        <div className="admin-field admin-field--wide">
          <label htmlFor="class-title">제목</label>
          <input {...field('title')} maxLength={100} autoComplete="off" />
          <FieldError id="class-title" message={errors.title} />
        </div>
        <div className="admin-field admin-field--wide">
          <label htmlFor="class-subtitle">요약</label>
          <input {...field('subtitle')} maxLength={200} autoComplete="off" placeholder="제목 아래 한 줄 소개" />
          <FieldError id="class-subtitle" message={errors.subtitle} />
        </div>
        <div className="admin-field">
          <label htmlFor="class-categoryid">카테고리</label>
          <select {...field('categoryid')}>
            <option value="">선택해주세요</option>
            {options.map((o) => (
              <option key={o.categoryid} value={o.categoryid}>
                {o.label}
                {o.isactive ? '' : ' (사용 안 함)'}
              </option>
            ))}
          </select>
          <FieldError id="class-categoryid" message={errors.categoryid} />
        </div>
        <div className="admin-field">
          <label htmlFor="class-teacher">강사</label>
          <input {...field('teacher')} maxLength={50} disabled={teacherLocked} autoComplete="off" />
          {teacherLocked && <span className="admin-field__hint">담당 강사는 운영자가 바꿀 수 있습니다.</span>}
          <FieldError id="class-teacher" message={errors.teacher} />
        </div>
        <div className="admin-field">
          <label htmlFor="class-price">정가 (원)</label>
          <input {...field('price')} inputMode="numeric" autoComplete="off" />
          <FieldError id="class-price" message={errors.price} />
        </div>
        <div className="admin-field">
          <label htmlFor="class-saleprice">할인가 (원)</label>
          <input {...field('saleprice')} inputMode="numeric" autoComplete="off" />
          <FieldError id="class-saleprice" message={errors.saleprice} />
        </div>
        <div className="admin-field">
          <label htmlFor="class-perioddays">수강 기간 (일)</label>
          <input {...field('perioddays')} inputMode="numeric" autoComplete="off" />
          <FieldError id="class-perioddays" message={errors.perioddays} />
        </div>
        <div className="admin-field">
          <label htmlFor="class-level">난이도</label>
          <input {...field('level')} maxLength={20} autoComplete="off" placeholder="입문, 초급, 중급…" />
          <FieldError id="class-level" message={errors.level} />
        </div>
        <div className="admin-field admin-field--wide">
          <label htmlFor="class-tags">태그</label>
          <input {...field('tags')} autoComplete="off" placeholder="쉼표로 구분: 필라테스, 재활" />
          <FieldError id="class-tags" message={errors.tags} />
        </div>
        <div className="admin-field--wide">
          <HtmlField
            id="class-description"
            label="소개"
            value={values.description}
            error={errors.description}
            onChange={(description) => {
              setValues((v) => ({ ...v, description }));
              setStatus(null);
            }}
          />
        </div>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : saved ? '저장' : '클래스 만들기'}
        </button>
        {dirty && !save.isPending && <span className="admin-form__dirty">저장하지 않은 변경 사항이 있습니다.</span>}
        {status && (
          <p className={status.ok ? 'admin-notice' : 'admin-form__error'} role={status.ok ? 'status' : 'alert'}>
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}
