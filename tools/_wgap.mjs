import { measureWidgetStart } from './loadtime.mjs';
import { launch } from '../tests/browser/browser.mjs';
const browser = await launch();
const res = {};
for (let i = 0; i < 5; i++) for (const [name, widget] of Object.entries(JSON.parse(process.argv[2]))) {
  const r = await measureWidgetStart(browser, { rate: 4, widget });
  (res[name] ||= []).push(`${r.gap.toFixed(0)}/${r.longest.toFixed(0)}/${r.readyMs.toFixed(0)}`);
}
console.log(res);
await browser.close();
