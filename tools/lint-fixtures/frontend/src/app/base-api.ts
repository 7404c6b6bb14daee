export const baseApi = { injectEndpoints: <T>(endpoints: T) => endpoints };
