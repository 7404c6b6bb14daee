// A use case imports its own folder and the module's shared files under commands/.
import { metadata } from '../beta.handler';

export const addBeta = () => ({ type: 'AddBeta', metadata: metadata() });
