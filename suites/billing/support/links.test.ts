import { describe, expect, it } from 'vitest';
import { approveHrefs, pointsAtHost } from './links.js';

// The host of an approve link against the profile's approval.host: a host name (any port) or
// host:port (that port), compared as URLs compare them.

const BASE = 'https://api.example.test/';

describe('an approve link on the approval host', () => {
  it.each([
    ['the same host name, any port', 'https://pay.example.test:8443/approve?token=1', 'pay.example.test'],
    ['the host in another letter case', 'https://PAY.Example.test/approve', 'pay.example.TEST'],
    ['host:port with that port', 'http://127.0.0.1:4010/checkoutnow/approve', '127.0.0.1:4010'],
    ['the default port written out', 'https://pay.example.test/approve', 'pay.example.test:443'],
    ['an IPv6 host with its port', 'http://[::1]:4010/approve', '[::1]:4010'],
    ['a relative href, on the base host', '/checkoutnow/approve?token=1', 'api.example.test'],
  ])('points there: %s', (_what, href, host) => {
    expect(pointsAtHost(href, host, BASE)).toBe(true);
  });

  it.each([
    ['another host', 'https://approve.example.test/approve', 'pay.example.test'],
    ['a host that only ends like it', 'https://evilpay.example.test/approve', 'pay.example.test'],
    ['another port than the one named', 'http://127.0.0.1:4011/approve', '127.0.0.1:4010'],
    ['an href that is no URL', 'http://exa mple.test/', 'example.test'],
  ])('does not: %s', (_what, href, host) => {
    expect(pointsAtHost(href, host, BASE)).toBe(false);
  });

  it('reads the approve links of an answer, and only those', () => {
    const body = {
      links: [
        { href: 'https://a.test/approve', rel: 'approve', method: 'GET' },
        { href: 'https://a.test/self', rel: 'self', method: 'GET' },
      ],
    };
    expect(approveHrefs(body)).toEqual(['https://a.test/approve']);
    expect(approveHrefs({})).toEqual([]);
  });
});
