// main.cu — the host side of kern.exe (testdata/binary/make.sh).
__global__ void axpy(float a, const float *x, float *y, int n);
int main(void)
{
	axpy<<<1, 32>>>(2.f, nullptr, nullptr, 0);
	return 0;
}
