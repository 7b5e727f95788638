import type { Server } from 'node:http';

// Stops a test's HTTP server. `close` alone waits for every open connection to end, and the edge
// (like a browser) keeps idle keep-alive connections to an origin for up to 90 s, which outlasts a
// test hook's timeout; so the open connections are closed first.
export function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
