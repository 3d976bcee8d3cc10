import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { importAdminEnrolments, type AdminEnrolmentImportResult } from '../../../api/queries/admin-members';
import { confirmDark } from '../../../lib/popup';
import { AdminPageHead, FieldError, ReasonField } from '../shell/AdminParts';
import { checkImport } from './memberFields';

const OUTCOME_LABEL = { granted: '새 수강', changed: '기간 변경', unchanged: '변경 없음', error: '오류' } as const;
const SAMPLE = '이메일,클래스번호,종료일\nmember@demo.kr,103,2027-03-31\n';

/**
 * 수강 등록 from a CSV: the file (or pasted text) and a reason, a preview from the server with each line's outcome or
 * its error, then 적용 writes the lines without an error. The same file applied again changes nothing.
 */
export function EnrolmentImport({ onBack }: { onBack: () => void }) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ csv?: string; reason?: string }>({});
  const [result, setResult] = useState<AdminEnrolmentImportResult>();
  const [serverError, setServerError] = useState<string>();
  const run = useMutation({
    mutationFn: (apply: boolean) => importAdminEnrolments({ csv, apply, reason: reason.trim() }),
    onSuccess: setResult,
    onError: (e) => setServerError(e.message),
  });
  const start = (apply: boolean) => {
    const checked = checkImport(csv, reason);
    setErrors(checked.errors);
    setServerError(undefined);
    if (!checked.errors.csv && !checked.errors.reason) run.mutate(apply);
  };
  const apply = async () => {
    if (!result) return;
    const n = result.counts.granted + result.counts.changed;
    if (
      await confirmDark(
        `${n}줄을 적용합니다(새 수강 ${result.counts.granted}, 기간 변경 ${result.counts.changed}). 오류 ${result.counts.error}줄은 건너뜁니다.`,
      )
    )
      start(true);
  };
  return (
    <>
      <AdminPageHead
        title="CSV로 수강 등록"
        lead="첫 줄은 이메일,클래스번호,종료일 머리글입니다. 종료일(YYYY-MM-DD)을 비우면 새 수강은 90일, 수강 중인 클래스는 그대로입니다. 먼저 미리보기로 확인한 뒤 적용합니다."
      >
        <button type="button" className="btn btn--sm" onClick={onBack}>
          목록으로
        </button>
      </AdminPageHead>
      <form
        className="admin-card"
        aria-label="CSV 수강 등록"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          start(false);
        }}
      >
        <div className="admin-form__grid">
          <div className="admin-field admin-field--wide">
            <label htmlFor="import-file">CSV 파일</label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (!file) return;
                setFileName(file.name);
                setResult(undefined);
                void file.text().then(setCsv);
              }}
            />
            {fileName && <span className="admin-field__hint">{fileName}</span>}
          </div>
          <div className="admin-field admin-field--wide">
            <label htmlFor="import-csv">CSV 내용</label>
            <textarea
              id="import-csv"
              rows={6}
              value={csv}
              placeholder={SAMPLE}
              aria-invalid={!!errors.csv}
              aria-describedby={errors.csv ? 'import-csv-error' : undefined}
              onChange={(e) => {
                setCsv(e.currentTarget.value);
                setResult(undefined);
              }}
            />
            <FieldError id="import-csv" message={errors.csv} />
          </div>
          <ReasonField
            id="import-reason"
            value={reason}
            error={errors.reason}
            onChange={setReason}
            maxLength={200}
            placeholder="예: 3월 오프라인 과정 수강생"
            hint="적용한 줄마다 감사 기록에 남습니다."
            wide
          />
        </div>
        <div className="admin-form__actions">
          {serverError && (
            <p className="admin-form__error" role="alert">
              {serverError}
            </p>
          )}
          <button type="submit" className="btn btn--dark btn--sm" disabled={run.isPending}>
            미리보기
          </button>
        </div>
      </form>
      {result && <ImportResult result={result} onApply={() => void apply()} pending={run.isPending} />}
    </>
  );
}

function ImportResult({
  result,
  onApply,
  pending,
}: {
  result: AdminEnrolmentImportResult;
  onApply: () => void;
  pending: boolean;
}) {
  const c = result.counts;
  const writable = c.granted + c.changed;
  return (
    <section className="admin-card" aria-labelledby="import-result" data-testid="admin-import-result">
      <h2 id="import-result" className="admin-card__title">
        {result.applied ? '적용 결과' : '미리보기'}
      </h2>
      <p role="status">
        새 수강 {c.granted} · 기간 변경 {c.changed} · 변경 없음 {c.unchanged} · 오류 {c.error}
        {result.applied && ' — 적용했습니다.'}
      </p>
      <table className="admin-table" data-testid="admin-import-lines">
        <thead>
          <tr>
            <th scope="col">줄 · 이메일</th>
            <th scope="col">클래스</th>
            <th scope="col">종료일</th>
            <th scope="col">결과</th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((l) => (
            <tr key={l.line} data-outcome={l.outcome}>
              <td className="admin-table__lead">
                <span>
                  {l.line}줄 · {l.email || '(이메일 없음)'}
                </span>
              </td>
              <td data-label="클래스">{l.contentsid ?? '-'}</td>
              <td data-label="종료일" className="admin-nowrap">
                {l.enddate ?? '비움'}
              </td>
              <td
                data-label="결과"
                className={l.outcome === 'error' ? 'admin-table__wide admin-import-error' : 'admin-table__wide'}
              >
                {l.message ?? OUTCOME_LABEL[l.outcome]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!result.applied && (
        <div className="admin-form__actions">
          <button type="button" className="btn btn--primary btn--sm" disabled={pending || writable === 0} onClick={onApply}>
            {writable ? `${writable}줄 적용하기` : '적용할 줄이 없습니다'}
          </button>
        </div>
      )}
    </section>
  );
}
