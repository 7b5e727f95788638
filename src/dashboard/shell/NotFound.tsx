/** The dashboard's not-found page for unknown /dashboard/* routes. */
export function NotFound() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-lg text-slate-600">Oops! Page not found</p>
      <a href="/" className="text-indigo-600 underline">
        Return to Home
      </a>
    </div>
  );
}
