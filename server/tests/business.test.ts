import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';
import { BUSINESS } from '../../rules/business';

let server: TestServer;
// Starting a server on the shared machine can take longer than the default hook time.
beforeAll(async () => {
  server = await testServer();
}, 60_000);
afterAll(() => server.close());

describe('business details', () => {
  it('the seeded head office answers with the phone, address and hours the footer shows', async () => {
    const branch = await server.call('GET', '/api/Online/GetBranch/Seoul', { auth: false });
    expect(branch.status).toBe(200);
    expect(branch.json.datas[0]).toMatchObject({ phone: BUSINESS.phone, address: BUSINESS.address, openhours: BUSINESS.hours });
  });

  it('a lecture names the association as the footer does', async () => {
    const detail = await server.call('GET', '/api/Contents/GetOnlineDetail/101/0', { auth: false });
    expect(detail.json.datas.teacherintro).toContain(BUSINESS.company);
  });
});
