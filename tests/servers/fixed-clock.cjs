// Preloaded into Node MCP servers (NODE_OPTIONS=--require) by scripts/record_servers.py
// so that recordings are reproducible: `new Date()`, `Date()` and `Date.now()` all
// read a fixed instant (MCP2OPENAI_FIXED_TIME, ISO 8601). Dates built from explicit
// arguments, timers and performance.now() are untouched.
"use strict";
const RealDate = Date;
const FIXED = RealDate.parse(process.env.MCP2OPENAI_FIXED_TIME || "2025-01-01T12:00:00Z");
if (Number.isNaN(FIXED)) {
  throw new Error(`fixed-clock: bad MCP2OPENAI_FIXED_TIME ${process.env.MCP2OPENAI_FIXED_TIME}`);
}
globalThis.Date = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    return Reflect.construct(target, args.length === 0 ? [FIXED] : args, newTarget);
  },
  apply() {
    return new RealDate(FIXED).toString();
  },
  get(target, prop, receiver) {
    if (prop === "now") return () => FIXED;
    return Reflect.get(target, prop, receiver);
  },
});
