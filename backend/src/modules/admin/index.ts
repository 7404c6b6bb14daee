/** Admin's public surface: nothing but the module (no other module uses it). */
export { AdminModule } from './admin.module';
