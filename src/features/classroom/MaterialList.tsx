import type { components } from '../../api/schema.gen';
import { useQuery } from '@tanstack/react-query';
import { contentsPdfListQuery } from '../../api/queries/classroom-lectures';
import { recordDownload } from '../../api/queries/payment-download';
import { QueryState } from '../../components/section/QueryState';
import { REFUND_POLICY } from '../../../rules/refund';
import { READ_ONLY_TITLE, viewingAs } from '../../components/viewAs/readOnly';

function sizeText(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/**
 * E-book and handouts of an owned class. Each link is signed by the server for 10 minutes and downloads under
 * its original Korean name; the first download is recorded (refund-relevant, see the yaml's UpdateDownload).
 */
export function MaterialList({ contentsid, useruid, notice = true }: { contentsid: number; useruid: string; notice?: boolean }) {
  const query = useQuery(contentsPdfListQuery(contentsid));
  return (
    <QueryState query={query} fallback={<p className="muted">자료를 불러오는 중입니다…</p>}>
      {(files) => (
        <>
          {/* Before the first link, in the refund policy's own words: a download counts as use (rules/refund.ts). */}
          {notice && files.length > 0 && <p className="muted materials__notice">{REFUND_POLICY.downloadNotice}</p>}
          <Materials files={files} contentsid={contentsid} useruid={useruid} />
        </>
      )}
    </QueryState>
  );
}

type MaterialFile = components['schemas']['PdfFile'];

function Materials({ files: data, contentsid, useruid }: { files: MaterialFile[]; contentsid: number; useruid: string }) {
  if (data.length === 0) return <p className="muted">이 클래스에는 내려받을 자료가 없습니다.</p>;
  // The mark must not hold the download back: the server keeps the first date whatever order the calls arrive in.
  const mark = () => void recordDownload(useruid, contentsid).catch(() => undefined);
  return (
    <ul className="materials" aria-label="강의 자료">
      {data.map((file) => {
        const parts = (
          <>
            <span className="materials__icon" aria-hidden="true">
              PDF
            </span>
            <span className="materials__name">{file.originalFilename}</span>
            <span className="materials__size">{sizeText(file.size)}</span>
          </>
        );
        return (
          <li key={file.pdfid}>
            {/* A member view (회원 화면으로 보기) lists the files without links: a download would be the member's. */}
            {viewingAs ? (
              <span className="materials__file" title={READ_ONLY_TITLE} aria-disabled="true">
                {parts}
              </span>
            ) : (
              <a href={file.path} download={file.originalFilename} onClick={mark} data-testid="material-link">
                {parts}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
