// OpenAPI's integer formats as the suite reads answers with them: int32 is a signed 32-bit
// integer, from -2^31 to 2^31 - 1 (OpenAPI 3.x, Data Types); int64 is any integer JSON carries.

export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

export const isInt32 = (value: number): boolean => Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;

export const isInt64 = (value: number): boolean => Number.isInteger(value);
