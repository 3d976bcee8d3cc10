import { useState } from 'react';
import { fetchAdminSalesExport, type AdminSalesFormat, type AdminSalesQuery } from '../../../api/queries/admin-sales';
import { isApiError } from '../../../api/errors';

const FAILED = '파일을 내려받지 못했습니다. 잠시 후 다시 시도해주세요.';

/** Saves a fetched file under its name: a link to the blob, clicked once, then let go. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; the address is let go after it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** CSV and XLSX of the report on screen, fetched with the staff member's token (no token ever goes in a URL). */
export function SalesDownloads({ query }: { query: AdminSalesQuery }) {
  const [busy, setBusy] = useState<AdminSalesFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: AdminSalesFormat) => {
    setBusy(format);
    setError(null);
    try {
      const file = await fetchAdminSalesExport(query, format);
      saveBlob(file.blob, file.name);
    } catch (e) {
      setError(isApiError(e) ? e.message : FAILED);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="admin-sales-downloads">
      <button type="button" className="btn btn--sm" disabled={busy !== null} onClick={() => void download('csv')}>
        {busy === 'csv' ? '만드는 중…' : 'CSV 내려받기'}
      </button>
      <button type="button" className="btn btn--sm btn--primary" disabled={busy !== null} onClick={() => void download('xlsx')}>
        {busy === 'xlsx' ? '만드는 중…' : '엑셀(XLSX) 내려받기'}
      </button>
      {error && (
        <p className="admin-sales-refused" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
