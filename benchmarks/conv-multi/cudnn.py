# cuDNN FP32 (TF32 off) for the multi-channel convolutions of driver.cu:
# CUDA events, median of 21 after warm-up, cudnn.benchmark on.
import torch

torch.backends.cudnn.allow_tf32 = False
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.benchmark = True
print("| shape | cuDNN FP32 (ms) | TFLOP/s |\n|---|---|---|")
for N, C, H, K in [(32, 64, 58, 64), (32, 128, 30, 128)]:
    x = torch.randn(N, C, H, H, device="cuda")
    w = torch.randn(K, C, 3, 3, device="cuda")
    f = lambda: torch.nn.functional.conv2d(x, w)
    for _ in range(5):
        f()
    torch.cuda.synchronize()
    ts = []
    for _ in range(21):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record(); f(); b.record(); b.synchronize()
        ts.append(a.elapsed_time(b))
    t = sorted(ts)[10]
    flop = 2.0 * N * K * (H - 2) ** 2 * C * 9
    print(f"| N{N} C{C} {H}^2 K{K} 3x3 | {t:.3f} | {flop / t / 1e9:.1f} |")
print(f"(torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()})")
