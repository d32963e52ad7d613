// syntax_error.cu — the compiler must report line 4 and kanalyze exit 3.
__global__ void broken(float *o)
{
	o[threadIdx.x] = 1.f +;
}
