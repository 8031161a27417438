import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { packageRoot } from '../../contracts/package-root.js';

// A project in an empty folder whose one dependency is this package's tarball, installable with
// `npm ci --offline`: its lockfile pins the tarball and, for its dependencies, the very versions
// of this repository's lockfile, whose packages `npm ci` already put in npm's cache. Without it
// npm would ask the registry which versions match (a plain `npm install --offline` fails so).

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  [key: string]: unknown;
}

interface Lockfile {
  packages: Record<string, LockEntry>;
}

/** Copies `tarball` into `folder` and writes a package.json and package-lock.json that install it offline. */
export function writeOfflineProject(folder: string, tarball: string): void {
  const lock = JSON.parse(readFileSync(join(packageRoot(), 'package-lock.json'), 'utf8')) as Lockfile;
  const root = lock.packages[''];
  copyFileSync(tarball, join(folder, basename(tarball)));
  const spec = `file:${basename(tarball)}`;
  const packages: Record<string, LockEntry> = {};
  // What the package needs at run time: everything of the repository's lockfile but its dev tools.
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true) continue;
    const { devOptional: _devOptional, ...kept } = entry;
    packages[path] = kept;
  }
  const name = root.name as string;
  packages[`node_modules/${name}`] = {
    version: root.version,
    resolved: spec,
    integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
    dependencies: root.dependencies,
    bin: root.bin,
    engines: root.engines,
  };
  const project = { name: 'offline-install', version: '1.0.0', private: true, dependencies: { [name]: spec } };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(project, null, 2)}\n`);
  const projectLock = {
    name: project.name,
    version: project.version,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: project.name, version: project.version, dependencies: project.dependencies }, ...packages },
  };
  writeFileSync(join(folder, 'package-lock.json'), `${JSON.stringify(projectLock, null, 2)}\n`);
}
