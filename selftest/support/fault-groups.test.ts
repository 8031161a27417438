import { describe, expect, it } from 'vitest';
import { groupFaults, type GroupCandidate } from './fault-groups.js';

// Which faults may share a reference and a run: never two whose checks meet, or whose checks
// evaluate the other's rule, or that declare one rule, or that come from one generator.

const fault = (
  name: string,
  rule: string,
  checks: string[],
  reaching: string[] = checks,
  extra: Partial<GroupCandidate> = {},
): GroupCandidate => ({
  name,
  rule,
  suite: 'billing',
  checks,
  reaching,
  ...extra,
});
const names = (groups: GroupCandidate[][]): string[][] =>
  groups.map((group) => group.map((member) => member.name).sort());

describe('fault groups', () => {
  it('puts faults whose checks stay apart in one group', () => {
    expect(names(groupFaults([fault('a', 'r1', ['x']), fault('b', 'r2', ['y']), fault('c', 'r3', ['z'])]))).toEqual([
      ['a', 'b', 'c'],
    ]);
  });

  it('keeps apart faults that run one check', () => {
    expect(names(groupFaults([fault('a', 'r1', ['x', 'y']), fault('b', 'r2', ['y'])]))).toEqual([['a'], ['b']]);
  });

  it("keeps apart a fault whose check evaluates the other's rule, either way round", () => {
    // b runs only z, but x (a's check) reaches b's rule: with b on, x could fail on b's breakage.
    expect(names(groupFaults([fault('a', 'r1', ['x']), fault('b', 'r2', ['z'], ['z', 'x'])]))).toEqual([['a'], ['b']]);
    expect(names(groupFaults([fault('b', 'r2', ['z'], ['z', 'x']), fault('a', 'r1', ['x'])]))).toEqual([['b'], ['a']]);
  });

  it('keeps apart faults of one rule, of one generator, or of two suites', () => {
    expect(names(groupFaults([fault('a', 'r1', ['x']), fault('b', 'r1', ['y'])]))).toEqual([['a'], ['b']]);
    expect(
      names(
        groupFaults([
          fault('a', 'r1', ['x'], ['x'], { generator: 'g' }),
          fault('b', 'r2', ['y'], ['y'], { generator: 'g' }),
        ]),
      ),
    ).toEqual([['a'], ['b']]);
    expect(
      names(
        groupFaults([
          fault('a', 'r1', ['x'], ['x'], { generator: 'g' }),
          fault('b', 'r2', ['y'], ['y'], { generator: 'h' }),
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(
      names(groupFaults([fault('a', 'r1', ['x']), fault('b', 'r2', ['y'], ['y'], { suite: 'assignees' })])),
    ).toEqual([['a'], ['b']]);
  });

  it('places every fault exactly once, the faults with most checks first', () => {
    const faults = [fault('small', 'r1', ['x']), fault('big', 'r2', ['y', 'z']), fault('other', 'r3', ['x'])];
    const groups = groupFaults(faults);
    expect(
      groups
        .flat()
        .map((member) => member.name)
        .sort(),
    ).toEqual(['big', 'other', 'small']);
    expect(names(groups)).toEqual([['big', 'small'], ['other']]);
  });
});
