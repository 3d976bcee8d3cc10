import './emptyPage.css';

interface EmptyPageProps {
  /** Page heading; h1 in layouts without a title band, h2 under the layout-B band. */
  title: string;
  /** What the member sees while the page has no content yet. */
  message: string;
  headingLevel?: 1 | 2;
  children?: React.ReactNode;
}

/** A real heading and a friendly empty state: no page is ever blank. */
export function EmptyPage({ title, message, headingLevel = 2, children }: EmptyPageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="empty-page">
      <Heading className="empty-page__title">{title}</Heading>
      <div className="empty-page__state" role="status">
        <span className="empty-page__icon" aria-hidden="true" />
        <p>{message}</p>
      </div>
      {children}
    </section>
  );
}
