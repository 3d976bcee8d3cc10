import { launchBrowser, newPage, signInLocal, startApp, DEMO } from './support';
const pages = ['/myclass', '/myclassEnd', '/myclassProgress/101', '/myEbook', '/myBookmark', '/classView/101'];
const server = await startApp();
const browser = await launchBrowser();
try {
  for (const width of [390, 1280]) {
    const { context, page } = await newPage(browser, server.url, { width, height: 900 });
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    await signInLocal(page, DEMO.member.email);
    for (const path of pages) {
      await page.goto(path);
      await page.waitForTimeout(2000);
      const name = path.replace(/\//g, '_').slice(1);
      await page.screenshot({ path: `/tmp/shots-classroom/${name}-${width}.png`, fullPage: true });
      console.log('shot', name, width);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
