import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/main')({
  component: MainPage,
});

function MainPage() {
  return (
    <main>
      <h1>필라테스재활협회 온라인클래스</h1>
    </main>
  );
}
