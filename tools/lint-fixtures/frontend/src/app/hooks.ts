export const useAppDispatch = () => () => undefined;
