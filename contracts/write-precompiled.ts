import { join } from 'node:path';
import { packageRoot } from './package-root.js';
import { writePrecompiled } from './precompiled.js';
import { readSchemaTexts, writePrecompiledContracts } from './precompiled-contracts.js';

// The build's last step (`npm run build`): the documents' and the contracts' validators, precompiled into dist/.
writePrecompiled(join(packageRoot(), 'contracts'));
writePrecompiledContracts(readSchemaTexts(join(packageRoot(), 'contracts', 'schemas')));
