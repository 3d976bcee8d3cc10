// The "bare React page" of the largest-paint budget: one heading and one lecture thumbnail, rendered by React
// alone. The storefront's pages are measured against its LCP in the same run, with the same Lighthouse settings.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('app')!).render(
  <main style={{ maxWidth: 480, margin: '0 auto', padding: 16 }}>
    <h1>필라테스 클래스</h1>
    <img src="/lecture.svg" alt="" width={480} height={300} style={{ width: '100%', height: 'auto' }} />
  </main>,
);
