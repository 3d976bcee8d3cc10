import { SafeHtml } from '../../../components/ui/SafeHtml';
import { FieldError } from './AdminParts';

// Its own module: DOMPurify (SafeHtml) loads with the forms that show a preview, not with every console screen.
/** An HTML body as written (textarea) and as the store will show it (sanitised), side by side on a wide screen. */
export function HtmlField({
  id,
  label,
  value,
  onChange,
  error,
  rows = 10,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  rows?: number;
}) {
  return (
    <div className="admin-html">
      <div className="admin-field">
        <label htmlFor={id}>{label} (HTML)</label>
        <textarea
          id={id}
          rows={rows}
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={id} message={error} />
      </div>
      <div className="admin-html__preview" role="group" aria-label={`${label} 미리보기`}>
        <p className="admin-html__caption">미리보기 (스토어에 보이는 모습)</p>
        {value.trim() ? <SafeHtml html={value} /> : <p className="admin-muted">내용이 없습니다.</p>}
      </div>
    </div>
  );
}
