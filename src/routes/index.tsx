import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return (
    <main>
      <h1>Welcome to Tillpoint</h1>
      <p>The point of sale that keeps selling when the internet drops.</p>
    </main>
  );
}
