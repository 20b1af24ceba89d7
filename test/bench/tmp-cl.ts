import { LIMITS_LIFTED, startLocalStack } from '#test/support/local-stack.ts';
import { measureConsoleScreens } from '#test/bench/console-lighthouse.ts';
void (async () => {
const stack = await startLocalStack(['--no-build'], { env: { ...LIMITS_LIFTED } });
try { const r = await measureConsoleScreens(stack); console.log(JSON.stringify(r.map(x=>({p:x.path,tti:x.ttiMs,lcp:x.lcpMs,tbt:x.tbtMs,s:x.scores})))); } finally { stack.stop(); }
})();
