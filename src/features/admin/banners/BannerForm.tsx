import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { createAdminBanner, updateAdminBanner, uploadAdminBannerImage, type AdminBanner, type AdminBannerInput } from '../../../api/queries/admin-banners';
import { confirmDark } from '../../../lib/popup';
import { FieldError } from '../shell/AdminParts';
import { UNSAVED_MESSAGE } from '../shell/useUnsavedGuard';
import { useFormDraft } from '../shell/useFormDraft';
import { checkBanner, MAX_PICTURE_BYTES, PICTURE_TOO_LARGE, type BannerFormValues } from './bannerFields';

/**
 * A new banner or a change to one: 제목, 부제, 링크 (the store's safe-link rule, checked here and again by the server),
 * the picture (uploaded as soon as it is chosen, shown in /main's 3:1 frame) and an optional phone picture (3:2).
 */
export function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner: AdminBanner | null;
  onSaved: (list: AdminBanner[], message: string) => Promise<void>;
  onCancel: () => void;
}) {
  const initial: BannerFormValues = banner
    ? { title: banner.title, subtitle: banner.subtitle, imageurl: banner.imageurl, mobileimageurl: banner.mobileimageurl, linkurl: banner.linkurl ?? '' }
    : { title: '', subtitle: '', imageurl: '', mobileimageurl: null, linkurl: '' };
  const { values, setValues, errors, setErrors, dirty, guard } = useFormDraft(initial);
  const [serverError, setServerError] = useState<string>();
  const save = useMutation({
    mutationFn: (input: AdminBannerInput) => (banner ? updateAdminBanner(banner.bannerid, input) : createAdminBanner(input)),
    onSuccess: async (list) => {
      guard.release();
      await onSaved(list, banner ? '배너를 저장했습니다. 메인 화면에 바로 반영됩니다.' : '배너를 추가했습니다. 메인 화면 맨 뒤에 보입니다.');
    },
    onError: (e) => setServerError(e.message),
  });
  const set = <K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setServerError(undefined);
  };
  const cancel = async () => {
    if (dirty && !(await confirmDark(UNSAVED_MESSAGE))) return;
    guard.release();
    onCancel();
  };
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = checkBanner(values);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = (['imageurl', 'title', 'subtitle', 'linkurl'] as const).find((k) => checked.errors[k]);
      e.currentTarget.querySelector<HTMLElement>(`#banner-${first}`)?.focus();
      return;
    }
    save.mutate(checked.input);
  };

  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-label={banner ? '배너 수정' : '새 배너'}>
      <h2 className="admin-card__title">{banner ? '배너 수정' : '새 배너'}</h2>
      <div className="admin-form__grid">
        <PicturePicker
          id="banner-imageurl"
          label="이미지"
          hint="PNG, JPEG, WebP · 2MB 이하 · 가로 600~4000px. 메인 화면에서 3:1 비율로 잘려 보입니다 (권장 2400×800)."
          value={values.imageurl || null}
          error={errors.imageurl}
          onChange={(url) => set('imageurl', url ?? '')}
        />
        <PicturePicker
          id="banner-mobileimageurl"
          label="휴대폰 이미지 (선택)"
          hint="없으면 위 이미지를 휴대폰에서 3:2 비율로 잘라 보여줍니다 (권장 1560×1040)."
          value={values.mobileimageurl}
          optional
          phone
          onChange={(url) => set('mobileimageurl', url)}
        />
        <div className="admin-field">
          <label htmlFor="banner-title">제목</label>
          <input
            id="banner-title"
            value={values.title}
            maxLength={60}
            autoComplete="off"
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? 'banner-title-error' : 'banner-title-hint'}
            onChange={(e) => set('title', e.currentTarget.value)}
          />
          <span className="admin-field__hint" id="banner-title-hint">
            이미지의 대체 텍스트로도 쓰입니다.
          </span>
          <FieldError id="banner-title" message={errors.title} />
        </div>
        <div className="admin-field">
          <label htmlFor="banner-subtitle">부제 (선택)</label>
          <input
            id="banner-subtitle"
            value={values.subtitle}
            maxLength={100}
            autoComplete="off"
            aria-invalid={!!errors.subtitle}
            aria-describedby={errors.subtitle ? 'banner-subtitle-error' : undefined}
            onChange={(e) => set('subtitle', e.currentTarget.value)}
          />
          <FieldError id="banner-subtitle" message={errors.subtitle} />
        </div>
        <div className="admin-field admin-field--wide">
          <label htmlFor="banner-linkurl">링크 (선택)</label>
          <input
            id="banner-linkurl"
            value={values.linkurl ?? ''}
            maxLength={500}
            inputMode="url"
            autoComplete="off"
            placeholder="/classList/21/2 또는 https://..."
            aria-invalid={!!errors.linkurl}
            aria-describedby={errors.linkurl ? 'banner-linkurl-error' : 'banner-linkurl-hint'}
            onChange={(e) => set('linkurl', e.currentTarget.value)}
          />
          <span className="admin-field__hint" id="banner-linkurl-hint">
            스토어 안의 주소(/로 시작)나 https:// 주소만 쓸 수 있습니다.
          </span>
          <FieldError id="banner-linkurl" message={errors.linkurl} />
        </div>
      </div>
      {serverError && (
        <p className="admin-form__error admin-form__error--below" role="alert">
          {serverError}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : banner ? '수정 저장' : '배너 추가'}
        </button>
        <button type="button" className="btn" onClick={() => void cancel()}>
          취소
        </button>
      </div>
    </form>
  );
}

/**
 * A picture field: the file is uploaded when chosen (the server tells it by its bytes and answers its address), then
 * shown in the frame /main crops it to. The server's refusal (not a picture, too small, too large) is said beside it.
 */
function PicturePicker({
  id,
  label,
  hint,
  value,
  error,
  optional = false,
  phone = false,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string | null;
  error?: string | undefined;
  optional?: boolean;
  phone?: boolean;
  onChange: (url: string | null) => void;
}) {
  const [refused, setRefused] = useState<string>();
  const [size, setSize] = useState<string>();
  const upload = useMutation({
    mutationFn: (file: File) => uploadAdminBannerImage(file),
    onSuccess: (picture) => {
      setSize(`${picture.width}×${picture.height}px · ${Math.max(1, Math.round(picture.size / 1024))}KB`);
      onChange(picture.imageurl);
    },
    onError: (e) => setRefused(e.message),
  });
  const message = refused ?? error;
  return (
    <div className="admin-field admin-picture">
      <span className="admin-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className={`admin-picture__frame${phone ? ' admin-picture__frame--phone' : ''}`}>
        {value ? <img src={value} alt={`${label} 미리보기`} /> : <span className="admin-muted">{upload.isPending ? '올리는 중…' : '이미지가 없습니다.'}</span>}
      </div>
      <div className="admin-picture__row">
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept="image/png,image/jpeg,image/webp"
          aria-labelledby={`${id}-label ${id}-pick`}
          aria-invalid={!!message}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            setRefused(undefined);
            setSize(undefined);
            if (!file) return;
            // Said here without sending 2 MB that would be refused anyway.
            if (file.size > MAX_PICTURE_BYTES) return setRefused(PICTURE_TOO_LARGE);
            upload.mutate(file);
          }}
        />
        <label htmlFor={id} id={`${id}-pick`} className={`btn btn--sm admin-picture__pick${upload.isPending ? ' is-disabled' : ''}`}>
          {upload.isPending ? '올리는 중…' : value ? '이미지 바꾸기' : '이미지 고르기'}
        </label>
        {optional && value && (
          <button type="button" className="btn btn--sm" onClick={() => onChange(null)}>
            지우기
          </button>
        )}
        {size && <span className="admin-muted admin-picture__size">{size}</span>}
      </div>
      <span className="admin-field__hint" id={`${id}-hint`}>
        {hint}
      </span>
      <FieldError id={id} message={message} />
    </div>
  );
}
