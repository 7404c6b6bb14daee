import { store } from '../../app/store';
import { routes } from '../../app/router';

export const bad = [store, routes];
