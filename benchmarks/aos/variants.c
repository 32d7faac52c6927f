/* Arrays of structs (issue 14): particles as one struct of six floats, and
 * positions and velocities as two arrays of 3-float structs. The driver
 * times each against a device copy of the same bytes (run.sh). */
struct particle {
  float x, y, z;
  float vx, vy, vz;
};

struct vec3 {
  float x, y, z;
};

/* Semi-implicit Euler under gravity: every field read and written. */
void particles_step(int n, float dt, struct particle *p) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    p[i].vz = p[i].vz - 9.81f * dt;
    p[i].x = p[i].x + p[i].vx * dt;
    p[i].y = p[i].y + p[i].vy * dt;
    p[i].z = p[i].z + p[i].vz * dt;
  }
}

/* Positions advanced by velocities kept in another array. */
void advance(int n, float dt, struct vec3 *pos, const struct vec3 *vel) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    pos[i].x += vel[i].x * dt;
    pos[i].y += vel[i].y * dt;
    pos[i].z += vel[i].z * dt;
  }
}
