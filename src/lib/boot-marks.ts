// Named moments of a cold start, as performance marks ('boot:…'), so a profile (tests/bench/profile-boot.ts)
// or DevTools' Performance panel shows where the time between navigation and a usable register goes (P6).
// A mark is a few bytes in the page's performance timeline; nothing reads them in the app.

export function markBoot(name: string): void {
  performance.mark(`boot:${name}`);
}
