// `npm run openapi`: writes the OpenAPI document of the current routes to apps/server/openapi.json.
import fs from 'node:fs';
import { OPENAPI_FILE, openApiText } from '../src/openapi';

fs.writeFileSync(OPENAPI_FILE, await openApiText());
console.log(`wrote ${OPENAPI_FILE}`);
