/** Placeholder of the dashboard island; the dashboard-core issue replaces it with the real app. */
export default function DashboardApp() {
  return (
    <main className="p-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p>Loading...</p>
    </main>
  );
}
