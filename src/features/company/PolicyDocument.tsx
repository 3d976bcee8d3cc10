import '../../components/ui/ui.css';
import './company.css';

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

/** A policy page: numbered articles with headings, effective date at the end. */
export function PolicyDocument({ intro, sections, effective }: { intro: string; sections: PolicySection[]; effective: string }) {
  return (
    <div className="page policy">
      <p className="policy__intro">{intro}</p>
      <nav className="policy__toc" aria-label="목차">
        <ol>
          {sections.map((s, i) => (
            <li key={s.heading}>
              <a href={`#article-${i + 1}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.heading} id={`article-${i + 1}`} className="policy__article">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <p className="policy__effective">{effective}</p>
    </div>
  );
}
