// probe.mjs: can Chromium start here? Exit 0 yes, 77 no (ctest skips the
// browser tests, SKIP_RETURN_CODE), 1 when playwright-core itself is
// missing: that is a broken install (scripts/install-deps.sh), not a skip.
let chromium;
try {
  ({ chromium } = await import("playwright-core"));
} catch (e) {
  console.error("tests/web: playwright-core is not installed (scripts/install-deps.sh installs it): " + e.message);
  process.exit(1);
}
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
  await browser.close();
} catch (e) {
  console.error("tests/web: Chromium cannot start here, skipping the browser tests: " + e.message);
  process.exit(77);
}
