export { completeTask, type TaskEvent } from './bad-complete-task';
