import { join } from 'node:path';
import { packageRoot } from './package-root.js';
import { writePrecompiled } from './precompiled.js';

// The build's last step (`npm run build`): the documents' validators, precompiled into dist/.
writePrecompiled(join(packageRoot(), 'contracts'));
