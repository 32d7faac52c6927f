// Arrays of structs (variants.c, default schedule) against cudaMemcpy D2D
// of the bytes each kernel must move, every result checked first against
// the C formula on the host (outputs compared field by field).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"
struct particle { float x, y, z, vx, vy, vz; };
struct vec3 { float x, y, z; };
extern "C" {
void particles_step_device(int, float, struct particle *);
void advance_device(int, float, struct vec3 *, const struct vec3 *);
}
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__); exit(2); } } while (0)
static float hashf(size_t i, unsigned s) { return (float)((i * 2654435761u + s * 40503u) % 4001) / 1000.f - 2.f; }
static bool close(float g, double r) { return std::fabs(g - r) <= 1e-6 * std::fabs(r) + 1e-6; }
int main() {
  const int N = 1 << 26;
  const float dt = 0.01f;
  std::vector<particle> hp(N), gp(N);
  std::vector<vec3> hpos(N), hvel(N), gpos(N);
  for (size_t i = 0; i < (size_t)N; i++) {
    float *f = &hp[i].x;
    for (int k = 0; k < 6; k++) f[k] = hashf(i, k + 1);
    hpos[i] = {hashf(i, 7), hashf(i, 8), hashf(i, 9)};
    hvel[i] = {hashf(i, 10), hashf(i, 11), hashf(i, 12)};
  }
  particle *p; vec3 *pos, *vel; char *scratch;
  CK(cudaMalloc(&p, (size_t)N * sizeof(particle)));
  CK(cudaMalloc(&pos, (size_t)N * sizeof(vec3)));
  CK(cudaMalloc(&vel, (size_t)N * sizeof(vec3)));
  CK(cudaMalloc(&scratch, (size_t)N * sizeof(particle)));
  int fails = 0;
  for (int n : {N, 300001, 37}) {
    CK(cudaMemcpy(p, hp.data(), (size_t)N * sizeof(particle), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(pos, hpos.data(), (size_t)N * sizeof(vec3), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(vel, hvel.data(), (size_t)N * sizeof(vec3), cudaMemcpyHostToDevice));
    particles_step_device(n, dt, p);
    advance_device(n, dt, pos, vel);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(gp.data(), p, (size_t)N * sizeof(particle), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(gpos.data(), pos, (size_t)N * sizeof(vec3), cudaMemcpyDeviceToHost));
    long bad = 0, badv = 0;
    for (size_t i = 0; i < (size_t)N; i++) {
      const particle &a = hp[i], &g = gp[i];
      if (i >= (size_t)n) {
        bad += memcmp(&a, &g, sizeof a) != 0;
        badv += memcmp(&hpos[i], &gpos[i], sizeof(vec3)) != 0;
        continue;
      }
      double vz = (double)a.vz - 9.81 * dt;
      bad += !(g.vx == a.vx && g.vy == a.vy && close(g.vz, vz) &&
               close(g.x, a.x + (double)a.vx * dt) && close(g.y, a.y + (double)a.vy * dt) &&
               close(g.z, a.z + vz * dt));
      badv += !(close(gpos[i].x, hpos[i].x + (double)hvel[i].x * dt) &&
                close(gpos[i].y, hpos[i].y + (double)hvel[i].y * dt) &&
                close(gpos[i].z, hpos[i].z + (double)hvel[i].z * dt));
    }
    printf("check particles_step n=%-9d %s\ncheck advance        n=%-9d %s\n", n,
           bad ? "FAIL" : "ok", n, badv ? "FAIL" : "ok");
    fails += (bad != 0) + (badv != 0);
  }
  // Bytes each must move: particles_step reads and writes 24 per particle
  // (x, y, z, vz written; vx, vy share their sectors), advance reads 24 and
  // writes 12. The peers: copies of the same bytes (a copy of B bytes moves 2B).
  float tp = median_ms([&] { particles_step_device(N, dt, p); }, 21);
  float tcp = median_ms([&] { cudaMemcpy(scratch, p, (size_t)N * 24, cudaMemcpyDeviceToDevice); }, 21);
  float ta = median_ms([&] { advance_device(N, dt, pos, vel); }, 21);
  float tca = median_ms([&] { cudaMemcpy(scratch, p, (size_t)N * 18, cudaMemcpyDeviceToDevice); }, 21);
  printf("\n| kernel (2^26 particles) | ms | copy of the same bytes (ms) | vs copy |\n|---|---|---|---|\n");
  printf("| particles_step (48 B per particle) | %.3f | %.3f | %.3fx |\n", tp, tcp, tcp / tp);
  printf("| advance (36 B per particle) | %.3f | %.3f | %.3fx |\n", ta, tca, tca / ta);
  printf("%s\n", fails ? "FAILED" : "all checks passed");
  return fails != 0;
}
