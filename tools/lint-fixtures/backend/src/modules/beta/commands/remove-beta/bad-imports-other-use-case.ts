import { addBeta } from '../add-beta/add-beta.handler';

export const removeBeta = () => ({ ...addBeta(), type: 'RemoveBeta' });
