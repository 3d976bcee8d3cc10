import { useState } from 'react';
import type { Rating } from '../../api/queries/ratings';
import { StarInput } from './StarInput';
import { WriteFields } from '../../components/viewAs/readOnly';

export const SCORE_REQUIRED = '별점을 선택해주세요.';
export const CONTENT_REQUIRED = '수강평 내용을 입력해주세요.';
const MAX_LENGTH = 1000;

interface RatingFormProps {
  initial: Rating | null;
  pending: boolean;
  onSubmit: (input: { ratescore: number; content: string }) => void;
  onCancel?: () => void;
}

/** Stars and text of one rating; says on screen what is missing. */
export function RatingForm({ initial, pending, onSubmit, onCancel }: RatingFormProps) {
  const [score, setScore] = useState(initial?.ratescore ?? 0);
  const [content, setContent] = useState(initial?.content ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!score) return setError(SCORE_REQUIRED);
    if (!content.trim()) return setError(CONTENT_REQUIRED);
    setError(null);
    onSubmit({ ratescore: score, content: content.trim() });
  };

  return (
    <form className="rating-form" onSubmit={submit} aria-label={initial ? '수강평 수정' : '수강평 작성'} noValidate>
      <WriteFields>
        <StarInput value={score} onChange={setScore} />
        <label className="rating-form__text">
          <span>수강평</span>
          <textarea
            value={content}
            onChange={(e) => setContent(e.target.value)}
            rows={4}
            maxLength={MAX_LENGTH}
            placeholder="클래스를 들으며 좋았던 점, 아쉬웠던 점을 남겨주세요."
          />
          <small className="muted">
            {content.length} / {MAX_LENGTH}
          </small>
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="rating-form__actions">
          {onCancel && (
            <button type="button" className="btn btn--sm" onClick={onCancel}>
              취소
            </button>
          )}
          <button type="submit" className="btn btn--sm btn--primary" disabled={pending}>
            {pending ? '저장 중…' : initial ? '수정 완료' : '수강평 등록'}
          </button>
        </div>
      </WriteFields>
    </form>
  );
}
