import type { RunInfo } from '../build-report.js';

// The run every report test starts from: both sections certified, fixed times and seed; a test
// overrides what it is about.

type Overrides = Partial<Omit<RunInfo, 'settings'>> & { settings?: Partial<RunInfo['settings']> };

export function runInfo(overrides: Overrides = {}): RunInfo {
  const { settings, ...rest } = overrides;
  return {
    tool: { name: 'api-conformance', version: '0.0.0' },
    baseUrl: 'http://127.0.0.1:1',
    sections: { billing: { certified: true }, assignees: { certified: true } },
    startedAt: '2026-11-22T00:00:00.000Z',
    durationMs: 1000,
    seed: 7,
    runErrors: [],
    ...rest,
    settings: {
      runs: 10,
      concurrency: 8,
      timeoutMs: 10000,
      suites: ['billing', 'assignees'],
      grep: null,
      shard: null,
      ...settings,
    },
  };
}
