import { expect, type APIRequestContext } from '@playwright/test';
import { CLIENT } from './session';

/**
 * A valid resident ID number born on the 1st to 9th of a month in 1990 (the demo's fall on the 10th
 * to 27th), distinct for each sequence number; its 17th digit is odd (a man).
 */
export function residentId(sequence: number): string {
  const d = (sequence % 9) + 1;
  const body = `11010819900${d}0${d}${String((sequence * 2 + 1) % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * (weights[i] as number), 0);
  return body + '10X98765432'.charAt(sum % 11);
}

/** A write of tenant 000000 through the API as the holder of `token`; answers the envelope's data, failing the test on anything but 200. */
export async function call(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data: unknown) {
  const res = await request[method](url, { data, headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}
